/** The plugin's services, by name (resolved by routes as `req.resolve('<name>')`, by others through contract.ts). */
import { customersService, providersService } from './parties/parties.ts';
import { contactsService } from './contacts/contacts.ts';
import { contactImportService } from './import/contact-import.ts';

export const SERVICES = {
  customers: customersService,
  providers: providersService,
  contacts: contactsService,
  contactImport: contactImportService,
};
