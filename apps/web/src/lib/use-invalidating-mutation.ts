import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that refreshes every query under `queryKey` once it succeeds. The refresh is
 * returned to react-query, so `mutateAsync` resolves after the lists have the change.
 */
export function useInvalidatingMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
