import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { useTranslation } from 'react-i18next';

export interface FilterDrawerProps {
  open: boolean;
  count: number;
  onClose: () => void;
  onClear: () => void;
  children: ReactNode;
}

/** The sheet itself, fetched the first time filters are opened (it and the fields weigh more than the list). */
export function FilterDrawer({ open, count, onClose, onClear, children }: FilterDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      placement="bottom"
      size="85%"
      onClose={onClose}
      title={t('mobile.filter.title')}
      className="m-sheet"
      footer={
        <div className="m-sheet__footer">
          <Button size="large" onClick={onClear} disabled={count === 0} data-testid="filter-clear">
            {t('mobile.filter.clear')}
          </Button>
          <Button size="large" type="primary" onClick={onClose} data-testid="filter-done">
            {t('mobile.filter.done')}
          </Button>
        </div>
      }
    >
      <div className="m-sheet__fields" data-testid="filter-sheet">
        {children}
      </div>
    </Drawer>
  );
}
