import Alert from 'antd/es/alert';
import './api-docs-intro.css';

interface ApiDocsIntroProps {
  title: string;
  body: string;
  /** The link's text; it opens the API reference (/api/docs) in a new tab. */
  docs: string;
}

/** What an integration page is for, above its list, with a link to the API reference. */
export function ApiDocsIntro({ title, body, docs }: ApiDocsIntroProps) {
  return (
    <Alert
      type="info"
      showIcon
      className="api-docs-intro"
      title={title}
      description={
        <>
          {body}{' '}
          <a href="/api/docs" target="_blank" rel="noreferrer">
            {docs}
          </a>
        </>
      }
    />
  );
}
