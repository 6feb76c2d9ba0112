import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../app/route-types';
import { ListPage } from '../../../components/list-page/list-page';
import { useServerList } from '../../../components/list-page/use-server-list';
import { SelectFilter } from '../../../components/settings-list/select-filter';
import { activeLanguage } from '../../../i18n/i18n';
import { HTML_LANG } from '../../../i18n/language-names';
import type { MessageKey } from '../../../i18n/message-key';
import { AUDIT_ENTITIES, auditKeys, listAudit, type AuditAction, type AuditEntity, type AuditRow } from '../api/list-audit';
import { fieldSpec } from '../audit-fields';
import { auditValue } from '../audit-value';
import { changeEntries, type ChangeEntry } from '../change-lines';
import '../settings-audit.css';

type Filters = { entity: AuditEntity | undefined };

/** How many change lines a row shows before the rest go into a tooltip. */
const SHOWN_LINES = 4;

const ACTION_KEYS: Record<AuditAction, MessageKey> = {
  create: 'settingsAudit.action.create',
  update: 'settingsAudit.action.update',
  delete: 'settingsAudit.action.delete',
  enable: 'settingsAudit.action.enable',
  disable: 'settingsAudit.action.disable',
  resetPassword: 'settingsAudit.action.resetPassword',
  changePassword: 'settingsAudit.action.changePassword',
  revoke: 'settingsAudit.action.revoke',
  apiCall: 'settingsAudit.action.apiCall',
};

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  enable: 'cyan',
  disable: 'orange',
  resetPassword: 'purple',
  changePassword: 'purple',
  revoke: 'red',
  apiCall: 'geekblue',
};

const ENTITY_KEYS: Record<AuditEntity, MessageKey> = {
  distributor: 'settingsAudit.entity.distributor',
  company: 'settingsAudit.entity.company',
  area: 'settingsAudit.entity.area',
  station: 'settingsAudit.entity.station',
  product: 'settingsAudit.entity.product',
  tag: 'settingsAudit.entity.tag',
  account: 'settingsAudit.entity.account',
  delivery: 'settingsAudit.entity.delivery',
  serviceAccount: 'settingsAudit.entity.serviceAccount',
  apiToken: 'settingsAudit.entity.apiToken',
  webhook: 'settingsAudit.entity.webhook',
};

/** System settings → Audit log (administrator only): who changed what in settings, newest first. */
export function Page({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const list = useServerList<AuditRow, Filters>({
    queryKey: auditKeys.list,
    fetch: listAudit,
    filters: { entity: undefined },
    sortFields: [],
    showTotal: (total) => t('list.total', { total }),
  });

  const missing = t('common.placeholder.missing');
  const timeFormat = new Intl.DateTimeFormat(HTML_LANG[activeLanguage()], { dateStyle: 'medium', timeStyle: 'medium' });
  const formatTime = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
  };
  // Before → after reads from the line's start: the arrow points the other way right to left.
  const arrow = i18n.dir() === 'rtl' ? ' ← ' : ' → ';
  /** One recorded field as its form shows it: its label, and the value (or before → after) formatted. */
  const entryLine = (entity: string, entry: ChangeEntry) => {
    const spec = fieldSpec(entity, entry.field);
    const kind = spec?.kind ?? 'text';
    return (
      <>
        <span className="settings-audit__field">{spec ? t(spec.label) : entry.field}</span>
        {': '}
        {entry.pair ? (
          <>
            {auditValue(t, kind, entry.before)}
            <span className="settings-audit__arrow">{arrow}</span>
            {auditValue(t, kind, entry.after)}
          </>
        ) : (
          auditValue(t, kind, entry.value)
        )}
      </>
    );
  };
  const label = (keys: Record<string, MessageKey>, value: string) => (Object.hasOwn(keys, value) ? t(keys[value]!) : value);

  const columns: ColumnsType<AuditRow> = [
    { title: t('settingsAudit.column.at'), dataIndex: 'at', key: 'at', width: 190, render: (v: string) => <time dateTime={v}>{formatTime(v)}</time> },
    { title: t('settingsAudit.column.user'), dataIndex: 'username', key: 'username', width: 130, render: (v: string) => <bdi>{v || missing}</bdi> },
    {
      title: t('settingsAudit.column.action'),
      dataIndex: 'action',
      key: 'action',
      width: 130,
      render: (v: AuditAction) => <Tag color={ACTION_COLORS[v] ?? 'default'}>{label(ACTION_KEYS, v)}</Tag>,
    },
    { title: t('settingsAudit.column.entity'), dataIndex: 'entity', key: 'entity', width: 120, render: (v: AuditEntity) => label(ENTITY_KEYS, v) },
    { title: t('settingsAudit.column.entityId'), dataIndex: 'entityId', key: 'entityId', width: 90, render: (v: number | null) => (v ?? missing) },
    {
      title: t('settingsAudit.column.changes'),
      dataIndex: 'changes',
      key: 'changes',
      width: 380,
      render: (_, row) => {
        const lines = changeEntries(row.action, row.changes).map((entry) => entryLine(row.entity, entry));
        if (lines.length === 0) return missing;
        const rest = lines.slice(SHOWN_LINES);
        return (
          <div className="settings-audit__changes" data-testid={`audit-changes-${row.id}`}>
            {lines.slice(0, SHOWN_LINES).map((line, index) => (
              <bdi key={index} className="settings-audit__line">
                {line}
              </bdi>
            ))}
            {rest.length > 0 ? (
              <Tooltip
                title={rest.map((line, index) => (
                  <bdi key={index} className="settings-audit__line">
                    {line}
                  </bdi>
                ))}
              >
                <span className="settings-audit__more" tabIndex={0}>
                  {t('settingsAudit.changes.more', { count: rest.length })}
                </span>
              </Tooltip>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <ListPage
      title={t(route.titleKey)}
      filters={
        <SelectFilter
          placeholder={t('settingsAudit.filter.allEntities')}
          label={t('settingsAudit.column.entity')}
          options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(ENTITY_KEYS[entity]) }))}
          value={list.state.filters.entity}
          onChange={(value) => list.setFilter('entity', value)}
          testId="audit-filter-entity"
        />
      }
    >
      <DataTable<AuditRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="audit-table" />
    </ListPage>
  );
}
