import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export interface PhotoUpload {
  fileName: string;
  /** `data:image/png;base64,...` */
  dataUrl: string;
}

/** POST /api/user/photo: stores the user's picture and answers its address (code 1000). */
export function uploadPhoto(body: PhotoUpload): Promise<{ photo: string }> {
  return apiData<{ photo: string }>('/api/user/photo', { method: 'POST', body });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
