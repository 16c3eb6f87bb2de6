/**
 * A date-time entered as the wall clock of a zone (live streams: America/Denver), as
 * YYYY-MM-DDTHH:mm. Beside it the zone's abbreviation at that time (MST or MDT, so a time
 * past a daylight-saving change says so), and under it the time as the lists show it.
 * A time the clocks skip or a text that is not a time is left to the field's schema,
 * whose message the form shows under the field.
 */
import { Input } from 'antd';
import { LOCAL_DATE_TIME_FORMAT, zonedDisplay, zonedInstant } from '../../../shared/api/zoned-time';

export function ZonedDateTimeInput({ id, zone, value, onChange, invalid }: {
  id: string; zone: string; value: string; onChange: (v: string | null) => void; invalid?: boolean;
}) {
  const parsed = value ? zonedInstant(value, zone) : null;
  const shown = parsed?.ok ? zonedDisplay(parsed.instant, zone) : '';
  const abbreviation = shown ? shown.split(' ').at(-1)! : zone;
  return (
    <>
      <Input
        id={id}
        status={invalid ? 'error' : undefined}
        placeholder={LOCAL_DATE_TIME_FORMAT}
        aria-describedby={shown ? `${id}-shown` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        suffix={<span data-testid={`${id}-zone`}>{abbreviation}</span>}
      />
      {shown && <div id={`${id}-shown`} className="record-field__zoned">{shown}</div>}
    </>
  );
}
