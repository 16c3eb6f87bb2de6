/** The error a cancelled scan or build ends with (its message is shown: it names what was cancelled). */
export function abortError(what: 'scan' | 'build' = 'scan'): Error {
  return Object.assign(new Error(what === 'build' ? 'The build was cancelled' : 'The scan was cancelled'), { name: 'AbortError' });
}
