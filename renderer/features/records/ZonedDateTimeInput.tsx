/**
 * A date-time entered as the wall clock of a zone (live streams: America/Denver), shown and
 * typed as "2026-12-01 18:30" (the form's value keeps the API's YYYY-MM-DDTHH:mm; a T typed
 * in place of the space is taken too). The placeholder is an example, not a format code. Beside it the zone's abbreviation at that time (MST or MDT, so a time
 * past a daylight-saving change says so), and under it the time as the lists show it.
 * A time the clocks skip, or a full-length text that is no time, says why as it is typed
 * (the field's schema refuses it again on saving).
 */
import { Input } from 'antd';
import { LOCAL_DATE_TIME_FORMAT, zonedDisplay, zonedInstant } from '../../../shared/api/zoned-time';

/** The placeholder's example: a date and time as they are typed here. */
const EXAMPLE = `${new Date().getFullYear()}-12-01 18:30`;

export function ZonedDateTimeInput({
  id,
  zone,
  value,
  onChange,
  invalid,
  ...pass
}: {
  id: string;
  zone: string;
  value: string;
  onChange: (v: string | null) => void;
  invalid?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const parsed = value ? zonedInstant(value, zone) : null;
  const shown = parsed?.ok ? zonedDisplay(parsed.instant, zone) : '';
  const abbreviation = shown ? shown.split(' ').at(-1)! : zone;
  const problem = parsed && !parsed.ok && value.length >= LOCAL_DATE_TIME_FORMAT.length ? parsed.message : '';
  const note = shown || problem;
  return (
    <>
      <Input
        id={id}
        {...pass}
        status={invalid ? 'error' : undefined}
        placeholder={`For example ${EXAMPLE}`}
        aria-describedby={note ? `${id}-shown` : undefined}
        aria-invalid={problem ? true : undefined}
        value={value.replace('T', ' ')}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T'))}
        suffix={<span data-testid={`${id}-zone`}>{abbreviation}</span>}
      />
      {note && (
        <div id={`${id}-shown`} className={problem ? 'record-field__zoned record-field__zoned--problem' : 'record-field__zoned'}>
          {note}
        </div>
      )}
    </>
  );
}
