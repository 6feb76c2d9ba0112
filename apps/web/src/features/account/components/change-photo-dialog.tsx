import { useRef, useState, type ChangeEvent } from 'react';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { readAsDataUrl } from '../../../lib/read-as-data-url';
import { useUploadPhoto } from '../api/upload-photo';
import { photoProblem } from '../photo-checks';
import './change-photo-dialog.css';

interface ChangePhotoDialogProps {
  open: boolean;
  currentPhoto: string | null;
  onClose: () => void;
  onUploaded: (photo: string) => void;
}

interface Picked {
  fileName: string;
  dataUrl: string;
}

/** Change photo (spec §5): jpeg/jpg/png/gif under 250 KB, checked here before it is sent. */
export function ChangePhotoDialog({ open, currentPhoto, onClose, onUploaded }: ChangePhotoDialogProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPhoto();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire change again
    if (!file) return;
    const key = photoProblem(file);
    if (key) {
      setProblem(t(key));
      setPicked(null);
      return;
    }
    setProblem(null);
    try {
      setPicked({ fileName: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      setProblem(t('account.photo.readFailed'));
    }
  };

  const save = () => {
    if (!picked) return;
    upload.mutate(picked, {
      onSuccess: ({ photo }) => {
        toastSuccess(t('common.result.settingSaved'));
        onUploaded(photo);
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('account.photo.title')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      okButtonProps={{ disabled: !picked, 'data-testid': 'change-photo-submit' }}
      confirmLoading={upload.isPending}
      onOk={save}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          setPicked(null);
          setProblem(null);
        }
      }}
    >
      <div className="change-photo">
        <Avatar size={96} src={picked?.dataUrl ?? currentPhoto ?? undefined} icon={<UserOutlined />} />
        <div className="change-photo__side">
          <input
            ref={input}
            type="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            hidden
            onChange={(event) => void onFile(event)}
            data-testid="photo-input"
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('account.photo.choose')}
          </Button>
          <p className="change-photo__rules">{t('account.photo.rules')}</p>
          {picked ? <p className="change-photo__name">{picked.fileName}</p> : null}
          {problem ? (
            <p className="change-photo__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
