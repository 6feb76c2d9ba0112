import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';

/** The button under a form's editable rows (tank types, tanks) that adds one, until there are as many as allowed. */
export function AddRowButton({ full, onClick, testId, children }: { full: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Button type="dashed" block icon={<PlusOutlined />} disabled={full} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The button at the end of an editable row that removes it; `label` names the row. */
export function RemoveRowButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return <Button type="text" danger icon={<DeleteOutlined />} onClick={onClick} aria-label={label} data-testid={testId} />;
}
