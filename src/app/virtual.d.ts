declare module 'virtual:lab-index' {
  const entries: import('./labIndex').LabIndexEntry[];
  export default entries;
}
