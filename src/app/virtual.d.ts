declare module 'virtual:lab-index' {
  const entries: import('./labIndex').LabIndexEntry[];
  export default entries;
}

/** One language's catalog titles and summaries by lab id (scripts/labIndexPlugin.ts), loaded with that language. */
declare module 'virtual:lab-index/*' {
  const titles: import('./labIndex').LabIndexTranslations;
  export default titles;
}
