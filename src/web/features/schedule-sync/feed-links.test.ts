import { describe, expect, it } from 'vitest';
import { fieldFeedUrl, googleSubscribeUrl, leagueFeedUrl, outlookSubscribeUrl, reachableFromInternet, webcalOf } from './feed-links';

describe('subscribe addresses', () => {
  it('names the league and field feeds on the site the page was opened at', () => {
    expect(leagueFeedUrl('https://cgsl.example.org')).toBe('https://cgsl.example.org/api/calendar/league.ics');
    expect(fieldFeedUrl('https://cgsl.example.org', '6f1c6a3e-1d2b-4c5d-8e9f-0a1b2c3d4e5f')).toBe(
      'https://cgsl.example.org/api/calendar/fields/6f1c6a3e-1d2b-4c5d-8e9f-0a1b2c3d4e5f.ics',
    );
  });

  it('asks for the feed in Spanish for a person reading Spanish, and leaves the English link bare', () => {
    expect(leagueFeedUrl('https://cgsl.example.org', 'es')).toBe('https://cgsl.example.org/api/calendar/league.ics?lang=es');
    expect(fieldFeedUrl('https://cgsl.example.org', 'f1', 'es')).toBe('https://cgsl.example.org/api/calendar/fields/f1.ics?lang=es');
    expect(leagueFeedUrl('https://cgsl.example.org', 'en')).toBe('https://cgsl.example.org/api/calendar/league.ics');
  });

  it('turns http and https into webcal, and nothing else', () => {
    expect(webcalOf('https://cgsl.example.org/a.ics')).toBe('webcal://cgsl.example.org/a.ics');
    expect(webcalOf('http://localhost:3000/a.ics')).toBe('webcal://localhost:3000/a.ics');
    expect(webcalOf('webcal://x/a.ics')).toBe('webcal://x/a.ics');
  });

  it('fills the feed into Google and Outlook, escaped', () => {
    const url = 'https://cgsl.example.org/api/calendar/teams/abc_-123.ics';
    expect(googleSubscribeUrl(url)).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent('webcal://cgsl.example.org/api/calendar/teams/abc_-123.ics')}`);
    expect(outlookSubscribeUrl(url, 'Blue Jays & co')).toBe(
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=Blue%20Jays%20%26%20co`,
    );
  });

  it('knows a laptop address cannot be polled by Google or Outlook', () => {
    for (const url of ['http://localhost:3000/x.ics', 'http://127.0.0.1:3000/x.ics', 'http://192.168.1.20:3000/x.ics', 'http://10.0.0.5/x.ics', 'http://172.20.1.1/x.ics', 'not a url']) {
      expect(reachableFromInternet(url), url).toBe(false);
    }
    expect(reachableFromInternet('https://cgsl.example.org/x.ics')).toBe(true);
    expect(reachableFromInternet('http://172.32.0.1/x.ics')).toBe(true);
  });
});
