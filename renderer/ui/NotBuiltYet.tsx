/** An honest placeholder for an area whose screens are still to come: what will appear there. */
import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { PLACEHOLDER_TEXT, UI_TEXT } from '../../shared/ui-texts';

export function NotBuiltYet({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="page" data-testid="not-built-yet">
      <Result
        icon={<ToolOutlined />}
        title={<h1 className="result-heading">{`${title}: ${UI_TEXT.notBuiltYet}`}</h1>}
        subTitle={detail ?? PLACEHOLDER_TEXT.default}
      />
    </div>
  );
}
