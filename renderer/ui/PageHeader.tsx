/** Title row of a screen: the title is the page's h1 (every screen has exactly one h1, its title; shown at h3 size). */
import { Typography } from 'antd';

export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={1} className="page-header__title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
