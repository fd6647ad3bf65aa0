// Names derived from a resource's kebab-case name, shared by the list contracts and the admin registry.

/** A kebab-case name as i18n keys write it: `property-approvals` → `propertyApprovals`. */
export const camelCase = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
