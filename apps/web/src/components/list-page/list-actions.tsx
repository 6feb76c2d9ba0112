import Button from 'antd/es/button';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';

interface ListActionsProps {
  /** Prefix of the test ids: `<entity>-export`, `<entity>-create`. */
  entity: string;
  onExport: () => void;
  exporting: boolean;
  createLabel: string;
  /** Absent when the user may not create: the button is not shown. */
  onCreate?: (() => void) | undefined;
}

/** The toolbar every settings list has: export the filtered list, and create when allowed. */
export function ListActions({ entity, onExport, exporting, createLabel, onCreate }: ListActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid={`${entity}-export`}>
        {t('list.action.export')}
      </Button>
      {onCreate ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`${entity}-create`}>
          {createLabel}
        </Button>
      ) : null}
    </>
  );
}
