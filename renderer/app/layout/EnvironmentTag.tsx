/** Which environment this console talks to (from main's systemInfo). */
import { Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { systemQueries } from '../../lib/system-queries';

export function EnvironmentTag() {
  const { data } = useQuery(systemQueries.info());
  if (!data) return null;
  const sandbox = data.environment === 'sandbox';
  return (
    <Tooltip title={`API ${data.apiUrl} · ${data.transport === 'electron' ? 'desktop app' : 'browser host'} · v${data.version}`}>
      <Tag color={sandbox ? 'gold' : 'red'} className="env-tag" data-testid="environment">
        {sandbox ? 'Sandbox' : 'Production'}
      </Tag>
    </Tooltip>
  );
}
