/** An honest placeholder for a route root whose screens arrive with their own issue. */
import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { UI_TEXT } from '../../shared/ui-texts';

export function NotBuiltYet({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="page" data-testid="not-built-yet">
      <Result
        icon={<ToolOutlined />}
        title={`${title}: ${UI_TEXT.notBuiltYet}`}
        subTitle={detail ?? 'This area of the console has not been built yet. Its screens arrive with their own issue.'}
      />
    </div>
  );
}
