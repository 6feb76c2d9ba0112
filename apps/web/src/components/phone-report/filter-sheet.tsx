import { lazy, Suspense, useState, type ReactNode } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import { useTranslation } from 'react-i18next';
import { SilentBoundary } from '../silent-boundary';

const FilterDrawer = lazy(() => import('./filter-drawer').then((m) => ({ default: m.FilterDrawer })));

interface FilterSheetProps {
  /** How many filters are set, on the button's badge. */
  count: number;
  onClear: () => void;
  /** The fields; lazy components themselves, so nothing of them loads before the sheet opens. */
  children: ReactNode;
}

/**
 * The desktop page's filters, in a sheet from the bottom of the screen: a phone has no room
 * for a filter bar. Changes apply at once; "Show results" closes the sheet. The sheet and its
 * fields are fetched on first use and then kept (for the closing animation).
 */
export function FilterSheet({ count, onClear, children }: FilterSheetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          size="large"
          icon={<FilterOutlined />}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          data-testid="filter-open"
        >
          {t('mobile.filter.open')}
        </Button>
      </Badge>
      {wanted ? (
        <SilentBoundary>
          <Suspense fallback={null}>
            <FilterDrawer open={open} count={count} onClose={() => setOpen(false)} onClear={onClear}>
              {children}
            </FilterDrawer>
          </Suspense>
        </SilentBoundary>
      ) : null}
    </>
  );
}
