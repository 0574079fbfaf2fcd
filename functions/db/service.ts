/**
 * All entities grouped in one ElectroDB Service over the shared clients, so that collections can
 * fetch related items in one Query. Handlers and domain modules import `db()` from here.
 */
import { Service } from 'electrodb';
import { documentClient, tableName } from './client';
import { FormSubmission } from './entities/form-submission';
import { SiteSetting } from './entities/site-setting';

function build() {
  return new Service(
    { siteSetting: SiteSetting, formSubmission: FormSubmission },
    { client: documentClient(), table: tableName() },
  );
}

let service: ReturnType<typeof build> | undefined;

export function db(): ReturnType<typeof build> {
  service ??= build();
  return service;
}
