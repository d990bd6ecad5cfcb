/**
 * English strings of the app chrome: the source catalog. Its keys and `{{params}}` type
 * every `t()` call (see ../../i18next.d.ts) and every other locale's catalog (`AppStrings`),
 * so a missing or misspelt key fails `tsc`.
 *
 * Keys are flat and dotted (keySeparator is off), grouped by the component that shows them;
 * the English text is what each component's `TEXT` constant says today, so wiring a
 * component to `t()` changes nothing on an English screen.
 * Plurals use i18next's suffixes (`_one`, `_other`) resolved through Intl.PluralRules;
 * every locale carries the same suffixes so the key sets stay equal.
 */
export const app = {
  'language.label': 'Language',
  'language.changed': 'Language: {{name}}',

  'format.steps_one': '{{count}} step',
  'format.steps_other': '{{count}} steps',
  'format.ticks_one': '{{count}} tick',
  'format.ticks_other': '{{count}} ticks',
  'format.time': 't = {{t}}',
  'format.amount': '{{amount, cents}}',

  'nav.brand': 'Durable Execution Lab',
  'nav.labs': 'Labs',
  'nav.progress': 'Progress',
  'nav.cards': 'Cards',
  'nav.present': 'Presenter view',
  'nav.leavePresent': 'Leave presenter view',
  'nav.loading': 'Loading…',
  'nav.dismiss': 'Dismiss',

  'catalog.intro': 'Step through crashes while the real protocol runs underneath: every node keeps its own SQLite database in this tab, every message crosses a simulated network, and every step can be undone.',
  'catalog.next': 'Next',
  'catalog.continue': 'Continue',
  'catalog.start': 'Start',
  'catalog.open': 'Open',
  'catalog.state.new': 'not started',
  'catalog.state.attempted': 'in progress',
  'catalog.state.done': 'done',
  'catalog.exercises': '{{done}} / {{total}} exercises right',
  'catalog.missed': '{{count}} missed',
  'catalog.check': 'Check a lab file',
  'catalog.checkHelp': 'Pick a lab.json (and its README.md) to validate it here. A valid one opens like any other lab.',
  'catalog.checkInput': 'Lab file to check',
  'catalog.checked': 'Checked files',
  'catalog.broken': 'did not load: {{why}}',

  'lab.opening': 'Opening the lab…',

  'toolbar.label': 'Stepping',
  'toolbar.reset': '⟲ Reset',
  'toolbar.resetTitle': 'Reset to the starting state (Home or r)',
  'toolbar.back': '◀ Back',
  'toolbar.backTitle': 'Step back (← or ,)',
  'toolbar.step': 'Step ▶',
  'toolbar.stepTitle': 'Step forward (→ or .)',
  'toolbar.slider': 'Step',
  'toolbar.counter': 'step {{cursor}} / {{total}}',
  'toolbar.scenario': 'Scenario',
  'toolbar.sandbox': 'Sandbox (my own steps)',
  'toolbar.more': 'More switches ({{count}})',

  'palette.title': 'Actions',
  'palette.armed': 'Armed: {{points}}',

  'narrative.summary': 'Read me',
  'narrative.region': 'Lab narrative',

  'invariants.title': 'Invariants',

  'timeline.title': 'Timeline',
  'timeline.region': 'Timeline of steps',
  'timeline.crash': '✖ {{node}} crashed at {{point}}',
  'timeline.rolledBack': ' ↺ rolled back',
  'timeline.wroteNothing': ' wrote nothing',
  'timeline.violates': 'violates {{ids}}',

  'network.title': 'Network',
  'network.inFlight': '({{count}} in flight)',
  'network.none': 'No frames in flight.',
  'network.copyOf': ' (copy of #{{id}})',
  'network.deliver': 'deliver',
  'network.drop': 'drop',
  'network.duplicate': 'duplicate',

  'observed.title': 'Observed state',
  'observed.region': 'Observed state as JSON',
  'observed.pending': 'Step to the end to check the expected outcome.',
  'observed.pass': '✓ Reached the expected outcome.',
  'observed.mismatch': ': expected {{expected}}, got {{actual}}',

  'crash.title': 'What survives a crash',
  'crash.heading': '{{node}} crashed at {{point}} (step {{step}})',
  'crash.lost': 'Lost — it was only in memory',
  'crash.kept': 'Kept — in its database (what a restart reads)',
  'crash.recovery': 'Recovery (restart at step {{step}})',
  'crash.rolledBack': '{{store}}.{{name}} rolled back',
  'crash.wouldWrite': '{{table}}: {{insert}} insert, {{update}} update, {{delete}} delete',
  'crash.nothingUncommitted': 'No transaction was open: nothing uncommitted was lost.',
  'crash.frameLost': 'frame #{{id}} {{kind}} from {{from}}',
  'crash.rows_one': '{{count}} row',
  'crash.rows_other': '{{count}} rows',
  'crash.more': '… {{count}} more',
  'crash.notRestarted': 'Not restarted yet: restart it to see what recovery does with these rows.',
  'crash.sent': 'sent #{{id}} {{kind}} to {{to}}',
  'crash.noRecovery': 'Recovery ran no transaction.',

  'sequence.title': 'Message sequence',
  'sequence.hint': 'one row per step; click a message or a mark to go to its step',
  'sequence.diagram': 'Message sequence diagram',
  'sequence.crash': '{{node}} crashed at {{point}} (step {{step}})',
  'sequence.restart': '{{node}} restarted (step {{step}})',
  'sequence.empty': 'No messages yet.',

  'topology.diagram': 'Topology: nodes, their databases and the links between them',
  'topology.inFlight': '{{label}} · {{count}} in flight',
  'machine.diagram': 'State machine: {{title}}',

  'exercises.title': 'Exercises',
  'exercises.backToSteps': 'Back to my steps',
  'exercises.firstPick': 'Your first pick counts: choose before you run it.',
  'exercises.start': 'Start: set the lab up for this',
  'exercises.check': 'Check my steps',
  'exercises.runDesign': 'Run the scenario with this design',
  'exercises.handIn': 'Hand in',

  'progress.title': 'Progress',
  'progress.you': 'You',
  'progress.name': 'Name',
  'progress.studentId': 'Student ID',
  'progress.export': 'Export my work',
  'progress.lab': 'Lab',
  'progress.done': 'Done',
  'progress.attempted': 'Attempted',
  'progress.exercises': 'Exercises',
  'progress.reset': 'Reset',
  'progress.setAside': 'Set-aside progress',
  'progress.setAsideHelp': 'Saved progress that could not be read was kept here instead of being thrown away.',
  'progress.downloadUnreadable': 'Download the unreadable part',

  'search.title': 'Search',
  'search.run': 'Run search',
  'search.cancel': 'Cancel',
  'search.cancelled': 'Search cancelled.',

  'cards.title': 'Cards',
  'cards.watch': 'Watch in lab',
  'inspector.title': 'Inspector',
  'inspector.run': 'Run',
  'inspector.noRows': 'No rows.',
  'labError.others': 'The other labs are unaffected. Fix the file and reload.',
} as const;

export type AppKey = keyof typeof app;
/** The shape every other locale's app catalog must have: the same keys, any text. */
export type AppStrings = { readonly [K in AppKey]: string };
