// @vitest-environment happy-dom
/**
 * The live-stream times' input (issue 29, plain words): it shows and takes "YYYY-MM-DD HH:mm"
 * with a space, keeps the API's YYYY-MM-DDTHH:mm as the form's value, shows the zone's
 * abbreviation of that time, and its placeholder is an example rather than a format code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ZonedDateTimeInput } from '../../renderer/features/records/ZonedDateTimeInput';

afterEach(cleanup);

describe('zoned date-time input', () => {
  it('shows the value with a space and the zone abbreviation of that time', () => {
    render(<ZonedDateTimeInput id="start" zone="America/Denver" value="2026-03-07T22:00" onChange={() => undefined} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('2026-03-07 22:00');
    expect(screen.getByTestId('start-zone').textContent).toBe('MST');
    expect(input.placeholder).toMatch(/^For example \d{4}-12-01 18:30$/);
    expect(input.placeholder).not.toContain('YYYY');
  });

  it('a typed space or T is kept as the API form', () => {
    const onChange = vi.fn();
    render(<ZonedDateTimeInput id="start" zone="America/Denver" value="" onChange={onChange} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '2026-07-04 21:15' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-07-04T21:15');
    fireEvent.change(input, { target: { value: '2026-07-04T21:15' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-07-04T21:15');
    fireEvent.change(input, { target: { value: '2026-07-04 21:1' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-07-04T21:1');
  });

  it('a summer time shows MDT', () => {
    render(<ZonedDateTimeInput id="start" zone="America/Denver" value="2026-07-04T21:15" onChange={() => undefined} />);
    expect(screen.getByTestId('start-zone').textContent).toBe('MDT');
  });
});
