/**
 * A picked file as a data URL, for pictures the forms preview and send inline (a user's photo,
 * a distributor's logo): the server stores them as sent, so no upload endpoint is needed.
 */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
