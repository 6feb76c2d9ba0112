import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../components/antd-provider';

/** Unknown paths land here (spec §2 /404). */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <main className="standalone-page">
        <Result
          status="404"
          title={<span data-testid="page-title">{t('route.title.notFound')}</span>}
          subTitle={t('errors.notFound.explanation')}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t('errors.notFound.backHome')}
            </Button>
          }
        />
      </main>
    </AntdProvider>
  );
}
