// GET /sandbox/scenarios: the scenario hotels of this sandbox (ids depend on the seed's
// Lisbon), for tools and e2e suites that talk to a standalone sandbox. Not part of the
// hotel API contract, so the app server does not expose it; in the browser the hotels
// are found by name ("Sandbox Test").
import type { Hono } from 'hono';
import { successEnvelope } from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { cityOf } from '../inventory/inventory.ts';
import { successMessage } from '../http/messages.ts';
import { SCENARIO_CITY_ID, scenarioHotels, type ScenarioKind } from './scenarios.ts';

export interface ScenarioListing {
  city_id: number;
  hotels: {
    scenario: ScenarioKind;
    hotel_id: string;
    hotel_name: string;
    city: string;
    behaviour: string;
  }[];
}

export function registerScenarioRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.get('/sandbox/scenarios', (c) => {
    const data: ScenarioListing = {
      city_id: SCENARIO_CITY_ID,
      hotels: scenarioHotels(ctx.inventory).map(({ scenario, hotel }) => ({
        scenario: scenario.kind,
        hotel_id: String(hotel.id),
        hotel_name: hotel.name,
        city: cityOf(ctx.inventory, hotel).name,
        behaviour: scenario.behaviour,
      })),
    };
    return c.json(successEnvelope(successMessage(c.get('language'), 'scenarios'), data));
  });
}
