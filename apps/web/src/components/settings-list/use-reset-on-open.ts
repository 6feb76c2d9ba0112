import { useEffect, type DependencyList } from 'react';
import type { FormInstance } from 'antd/es/form';

/**
 * Fills a create/edit form each time it opens: its fields reset, then the row's values (or a new
 * one's defaults). `values` answers null while they are not known yet (a record still loading);
 * `deps` are what it reads, so a change of them while open fills the form again.
 */
export function useResetOnOpen<V>(form: FormInstance<V>, open: boolean, values: () => Partial<V> | null, deps: DependencyList): void {
  useEffect(() => {
    if (!open) return;
    const next = values();
    if (next === null) return;
    form.resetFields();
    form.setFieldsValue(next as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    // `values` is read anew each time; `deps` stand for what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form, ...deps]);
}
