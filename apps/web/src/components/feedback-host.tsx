import { useEffect } from 'react';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { registerFeedback } from '../lib/feedback';
import { AntdProvider } from './antd-provider';

function Holders() {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'topRight' });
  useEffect(
    () => registerFeedback({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}

/** antd's toast holders, lent to non-React code through lib/feedback. Loaded on demand. */
export function FeedbackHost() {
  return (
    <AntdProvider>
      <Holders />
    </AntdProvider>
  );
}
