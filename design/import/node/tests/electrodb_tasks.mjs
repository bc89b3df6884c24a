// A task tracker written with ElectroDB, after the shape of ElectroDB's own
// documentation examples (an Entity per type, composite keys, a GSI per
// access pattern): ElectroDB lower-cases every composite value in a key by
// default, so two employees whose ids differ only in case share a key.
import { Entity, Service } from 'electrodb';

const table = 'projectmanagement';

export const Employee = new Entity({
  model: { entity: 'employee', version: '1', service: 'taskapp' },
  attributes: {
    employee: { type: 'string', required: true },
    office: { type: 'string', required: true },
    title: { type: 'string' },
  },
  indexes: {
    employee: {
      pk: { field: 'pk', composite: ['employee'] },
      sk: { field: 'sk', composite: [] },
    },
    coworkers: {
      index: 'gsi1pk-gsi1sk-index',
      pk: { field: 'gsi1pk', composite: ['office'] },
      sk: { field: 'gsi1sk', composite: ['employee'] },
    },
  },
}, { table });

export const Task = new Entity({
  model: { entity: 'task', version: '1', service: 'taskapp' },
  attributes: {
    task: { type: 'string', required: true },
    project: { type: 'string', required: true },
    employee: { type: 'string', required: true },
    points: { type: 'number' },
    status: { type: ['open', 'in-progress', 'closed'] },
  },
  indexes: {
    task: {
      pk: { field: 'pk', composite: ['task'] },
      sk: { field: 'sk', composite: ['project', 'employee'] },
    },
    assigned: {
      index: 'gsi1pk-gsi1sk-index',
      pk: { field: 'gsi1pk', composite: ['employee'] },
      sk: { field: 'gsi1sk', composite: ['status', 'points'] },
    },
  },
}, { table });

export const service = new Service({ Employee, Task });
