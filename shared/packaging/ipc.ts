/**
 * The preload's private message to main for a file dropped on the window: the path
 * webUtils.getPathForFile resolved from a real drop. Not a bridge channel, so the
 * renderer cannot send it; main makes the dropped path readable (issue 6).
 */
export const PACKAGING_DROP_IPC = 'packaging:dropped';
