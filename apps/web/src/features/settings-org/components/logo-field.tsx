import { useRef, useState, type ChangeEvent } from 'react';
import Button from 'antd/es/button';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { logoProblem } from '../../../lib/settings-validators';
import { readAsDataUrl } from '../../../lib/read-as-data-url';

interface LogoFieldProps {
  /** A data URL or an address; null for none. Given by Form.Item. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

/** Distributor logo (spec §5): jpeg, jpg or png under 1 MB, previewed before saving. */
export function LogoField({ value, onChange, id }: LogoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const key = logoProblem(file);
    if (key) {
      setProblem(t(key));
      return;
    }
    setProblem(null);
    try {
      onChange?.(await readAsDataUrl(file));
    } catch {
      setProblem(t('settingsOrg.logo.readFailed'));
    }
  };

  return (
    <div className="org-logo">
      {value ? (
        <img className="org-logo__preview" src={value} alt={t('settingsOrg.logo.preview')} data-testid="distributor-logo-preview" />
      ) : (
        <div className="org-logo__empty">{t('settingsOrg.logo.none')}</div>
      )}
      <div className="org-logo__side">
        <input
          ref={input}
          id={id}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          className="org-logo__input"
          style={{ display: 'none' }}
          onChange={(event) => void onFile(event)}
          data-testid="distributor-logo-input"
        />
        <span className="list-page__row-actions">
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('settingsOrg.logo.choose')}
          </Button>
          {value ? (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => {
                setProblem(null);
                onChange?.(null);
              }}
            >
              {t('settingsOrg.logo.remove')}
            </Button>
          ) : null}
        </span>
        <p className="org-logo__rules">{t('settingsOrg.logo.rules')}</p>
        {problem ? (
          <p className="org-logo__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
