import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { PushSubscribe } from '@ullage/contracts/push';
import { SectionHead } from '../../../components/section-head';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { activeLanguage } from '../../../i18n/i18n';
import { HTML_LANG } from '../../../i18n/language-names';
import { fetchPushKey, forgetPushEndpoint, savePushSubscription, usePushDevices, useRefreshPushDevices, useRemovePushDevice } from '../api/push-devices';
import { browserPushSupport, currentEndpoint, PermissionDenied, subscribeThisBrowser, unsubscribeThisBrowser } from '../../../lib/browser-push';

/**
 * "This device" in the notice settings (issue 38): a switch that asks the browser's permission
 * and subscribes it to Web Push with the server's key, and the user's notified devices, each
 * removable. Which alarms are pushed is the Push column above it.
 */
export function ThisDevicePush({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const [support] = useState(browserPushSupport);
  const [permission, setPermission] = useState(() => (support === 'supported' ? Notification.permission : 'default'));
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const devices = usePushDevices(open);
  const refresh = useRefreshPushDevices();
  const remove = useRemovePushDevice();

  useEffect(() => {
    if (!open || support !== 'supported') return;
    let live = true;
    currentEndpoint()
      .then((e) => live && setEndpoint(e))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [open, support]);

  // On only when the browser holds a subscription the server keeps (one a push service dropped is off).
  const notified = endpoint !== null && (devices.data ?? []).some((d) => d.endpoint === endpoint);

  const turnOn = async () => {
    const { publicKey } = await fetchPushKey();
    const subscription = await subscribeThisBrowser(publicKey);
    await savePushSubscription(subscription as PushSubscribe);
    setEndpoint(subscription.endpoint ?? null);
    toastSuccess(t('push.subscribed'));
  };
  const turnOff = async () => {
    const gone = await unsubscribeThisBrowser();
    if (gone) await forgetPushEndpoint(gone);
    setEndpoint(null);
    toastSuccess(t('push.unsubscribed'));
  };
  const toggle = (on: boolean) => {
    setBusy(true);
    (on ? turnOn() : turnOff())
      .catch((error: unknown) => {
        if (error instanceof PermissionDenied) setPermission(Notification.permission);
        // A refusal from the server was shown by the API client already.
        else if (!(error instanceof ApiError)) toastError(t('push.failed'), 4000);
      })
      .finally(() => {
        setBusy(false);
        void refresh();
      });
  };
  const removeDevice = (id: number, deviceEndpoint: string) =>
    remove.mutate(id, {
      onSuccess: async () => {
        // The list's own entry for this browser: the browser stops listening too.
        if (deviceEndpoint === endpoint) await unsubscribeThisBrowser().catch(() => undefined);
        if (deviceEndpoint === endpoint) setEndpoint(null);
        toastSuccess(t('push.removed'));
      },
    });

  const dateFormat = new Intl.DateTimeFormat(HTML_LANG[activeLanguage()], { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => dateFormat.format(new Date(iso));
  const blocked = support !== 'supported' ? t(support === 'insecure' ? 'push.insecure' : 'push.unsupported') : permission === 'denied' ? t('push.denied') : null;

  return (
    <section className="notice-section notice-push" data-testid="notice-push">
      <SectionHead title={t('push.section')}>
        <label className="notice-push__switch">
          <span>{t('push.notifyThisDevice')}</span>
          <Switch checked={notified} loading={busy} disabled={blocked !== null} onChange={toggle} data-testid="notice-push-switch" aria-label={t('push.notifyThisDevice')} />
        </label>
      </SectionHead>
      {blocked ? (
        <Alert type="warning" showIcon title={blocked} data-testid="notice-push-blocked" />
      ) : (
        <p className="notice-push__hint">{notified ? t('push.on') : t('push.hint')}</p>
      )}
      <h4 className="notice-push__devices-title">{t('push.devices')}</h4>
      {devices.data && devices.data.length === 0 ? <p className="notice-push__hint">{t('push.devicesEmpty')}</p> : null}
      <ul className="notice-push__devices" data-testid="notice-push-devices">
        {(devices.data ?? []).map((d) => (
          <li key={d.id} className="notice-push__device">
            <div>
              <bdi className="notice-push__device-name">{d.device}</bdi>
              {d.endpoint === endpoint ? <Tag className="notice-push__this">{t('push.thisDevice')}</Tag> : null}
              <div className="notice-push__device-meta">
                {t('push.addedAt', { date: when(d.createdAt) })}
                {d.lastSuccessAt ? ` · ${t('push.lastSent', { date: when(d.lastSuccessAt) })}` : ''}
                {d.lastFailure ? ` · ${t('push.lastFailure', { reason: d.lastFailure })}` : ''}
              </div>
            </div>
            <Button size="small" onClick={() => removeDevice(d.id, d.endpoint)} loading={remove.isPending && remove.variables === d.id}>
              {t('push.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
