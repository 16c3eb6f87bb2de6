/** Query keys and options for what main reports about itself. */
import { queryOptions } from '@tanstack/react-query';
import { bridge } from './bridge';

export const systemKeys = {
  all: ['system'] as const,
  info: () => [...systemKeys.all, 'info'] as const,
};

export const systemQueries = {
  info: () => queryOptions({ queryKey: systemKeys.info(), queryFn: () => bridge.systemInfo({}), staleTime: Infinity }),
};
