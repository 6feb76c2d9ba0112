import { useState } from 'react';

/**
 * True from the first time a lazily loaded form is opened: it then stays mounted, so its
 * closing animation and state behave like an eager one's.
 */
export function useFormUsed(open: boolean): boolean {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used || open;
}
