/** The files of one scan come from several releases: the supplier chooses the one to package. */
import { Alert, Button, Radio, Space } from 'antd';
import { useState } from 'react';
import { PKG_MSG } from '../../../shared/packaging/messages';
import type { ReleaseGroup } from '../../../shared/packaging/releases';

const ALL = 'all';

export function ReleaseChoice({
  groups,
  onChoose,
  onCancel,
}: {
  groups: ReleaseGroup[];
  /** The files to add as tracks. */
  onChoose: (paths: string[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const files = groups.reduce((n, g) => n + g.paths.length, 0);
  const choose = () => onChoose(chosen === ALL ? groups.flatMap((g) => g.paths) : (groups.find((g) => g.key === chosen)?.paths ?? []));
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="release-choice"
      message={PKG_MSG.severalReleases(groups.length)}
      description={
        <Space direction="vertical" style={{ marginTop: 8 }}>
          <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value as string)} aria-label="Release to package">
            <Space direction="vertical">
              {groups.map((g) => (
                <Radio key={g.key} value={g.key}>
                  {PKG_MSG.releaseFiles(g.name, g.paths.length, g.folder)}
                </Radio>
              ))}
              <Radio value={ALL}>{PKG_MSG.allAsOne(files)}</Radio>
            </Space>
          </Radio.Group>
          <Space>
            <Button type="primary" disabled={chosen === null} onClick={choose}>
              Add these tracks
            </Button>
            <Button onClick={onCancel}>Cancel</Button>
          </Space>
        </Space>
      }
    />
  );
}
