/** SFTP_URL and SFTP_HOST_KEY (main/config.ts checkSftpUrl): where "Deliver to the store" sends packages, checked at start. */
import { describe, expect, it } from 'vitest';
import { checkSftpUrl } from '../../main/config';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKbVbq1JQw2B6c4b8d3vZp3Yx3w7G1rJm0xq2w1m7d9k store';

describe('checkSftpUrl', () => {
  it('takes sftp://host[:port], port 22 by default, with the host key pinned', () => {
    expect(checkSftpUrl('sftp://sftp.store.example', KEY)).toEqual({ host: 'sftp.store.example', port: 22, hostKey: KEY });
    expect(checkSftpUrl('sftp://127.0.0.1:2222')).toEqual({ host: '127.0.0.1', port: 2222, hostKey: undefined });
    expect(checkSftpUrl('sftp://[::1]:2222')).toMatchObject({ host: '::1', port: 2222 });
  });

  it('refuses another scheme, a user name or password in the URL, and a remote host without its host key', () => {
    expect(() => checkSftpUrl('https://sftp.store.example', KEY)).toThrow(/must be an sftp:\/\/ URL/);
    expect(() => checkSftpUrl('sftp://label:secret@sftp.store.example', KEY)).toThrow(/must not contain a user name or password/);
    expect(() => checkSftpUrl('not a url')).toThrow(/is not a URL/);
    expect(() => checkSftpUrl('sftp://sftp.store.example')).toThrow(/SFTP_HOST_KEY is required/);
    expect(() => checkSftpUrl('sftp://sftp.store.example', 'not a key')).toThrow(/public host key line/);
  });
});
