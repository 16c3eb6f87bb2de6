/**
 * A date-time entered as the wall clock of a zone (live streams: America/Denver), as
 * YYYY-MM-DDTHH:mm. Beside it the zone's abbreviation at that time (MST or MDT, so a time
 * past a daylight-saving change says so), and under it the time as the lists show it.
 * A time the clocks skip, or a full-length text that is no time, says why as it is typed
 * (the field's schema refuses it again on saving).
 */
import { Input } from 'antd';
import { LOCAL_DATE_TIME_FORMAT, zonedDisplay, zonedInstant } from '../../../shared/api/zoned-time';

export function ZonedDateTimeInput({ id, zone, value, onChange, invalid }: {
  id: string; zone: string; value: string; onChange: (v: string | null) => void; invalid?: boolean;
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
        status={invalid ? 'error' : undefined}
        placeholder={LOCAL_DATE_TIME_FORMAT}
        aria-describedby={note ? `${id}-shown` : undefined}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        suffix={<span data-testid={`${id}-zone`}>{abbreviation}</span>}
      />
      {note && <div id={`${id}-shown`} className={problem ? 'record-field__zoned record-field__zoned--problem' : 'record-field__zoned'}>{note}</div>}
    </>
  );
}
