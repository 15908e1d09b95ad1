import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_ZONE_HEADER } from '../../shared/schemas/time-zone.schema';
import { DEVICE_TIME_ZONE_HEADER, deviceTimeZoneHeaders, zoneLabel, zoneOptions } from './time-zones';

afterEach(() => vi.restoreAllMocks());

describe('time zones of the web app', () => {
  it('sends the header the server reads', () => {
    expect(DEVICE_TIME_ZONE_HEADER).toBe(TIME_ZONE_HEADER);
  });

  it("puts the device's zone in the header, and nothing when the browser does not say", () => {
    const real = Intl.DateTimeFormat().resolvedOptions();
    const options = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    options.mockReturnValue({ ...real, timeZone: 'Europe/Bratislava' });
    expect(deviceTimeZoneHeaders()).toEqual({ 'x-time-zone': 'Europe/Bratislava' });
    options.mockImplementation(() => {
      throw new RangeError('no Intl here');
    });
    expect(deviceTimeZoneHeaders()).toEqual({});
  });

  it('lists the zones with UTC and the one saved, sorted, and reads underscores as spaces', () => {
    const zones = zoneOptions('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Mars/Olympus_Mons');
    expect(zones).toEqual([...zones].sort());
    expect(zoneLabel('America/New_York')).toBe('America/New York');
  });
});
