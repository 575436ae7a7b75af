export { HelpfulResources, SafetyTips } from './SafetyAdvice';
export { ImportantContacts } from './ImportantContacts';
export { SafetyKitForm } from './SafetyKitForm';
export { UsCitizensAbroad, VeteransHelp } from './HelpLines';
