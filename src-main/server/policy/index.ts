export * from './administrators';
export * from './commandPolicy';
export * from './commandRules';
export * from './guardCommands';
export * from './phone';
export * from './policyRefusal';
export * from './settingsAccess';
