/** Title row of a screen. */
import { Typography } from 'antd';

export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={3} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
