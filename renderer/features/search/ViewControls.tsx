/**
 * A search screen's view controls (saved views, team views, columns, export): in the title
 * row where there is room; on a phone (issue 29) behind one "View" button, in a drawer, so
 * the first results show in the first third of the screen. The drawer's content is always
 * mounted: a team view's link (?view=) is opened by its control on a phone too.
 */
import { useState } from 'react';
import { Button, Drawer, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

export function ViewControls({ phone, children }: { phone: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!phone) return <Space wrap>{children}</Space>;
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="view-controls">
        View
      </Button>
      <Drawer
        title="View"
        open={open}
        onClose={() => setOpen(false)}
        forceRender
        styles={{ wrapper: { maxWidth: '100vw' } }}
        data-testid="view-controls-drawer"
      >
        <Space orientation="vertical" size="middle" className="view-controls">
          {children}
        </Space>
      </Drawer>
    </>
  );
}
