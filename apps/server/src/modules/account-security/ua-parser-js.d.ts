/** The part of ua-parser-js 1.x (MIT; it ships no types) that devices.ts uses. */
declare module 'ua-parser-js' {
  interface UAParserResult {
    browser: { name?: string; version?: string; major?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
  }
  const UAParser: (userAgent: string) => UAParserResult;
  export default UAParser;
}
