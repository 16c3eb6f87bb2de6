/**
 * A message as the spec quotes it, on screen: the spec writes names a person types (a CSV
 * column heading) between backticks, which show as code, never as backtick characters.
 * The words are the spec's, word for word (shared/messages.ts shownMessage: the text it reads as).
 */
export function MessageText({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
