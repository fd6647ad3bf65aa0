// The dashboard: the counts of hosts, open decisions, bookings and feedback.
import type { Dashboard } from '../../../src/contracts/dashboard';
import type { DashboardRepository } from './dashboard.repository';

export function createDashboardService({ repository }: { repository: DashboardRepository }) {
  return {
    async overview(): Promise<Dashboard> {
      const row = await repository.countAll();
      return {
        hosts: { total: row.hosts_total, approved: row.hosts_approved, pending: row.hosts_pending, rejected: row.hosts_rejected },
        listingsAwaitingDecision: row.listings_awaiting,
        propertiesAwaitingApproval: row.properties_awaiting,
        bookings: {
          total: row.bookings_total,
          confirmed: row.bookings_confirmed,
          pending: row.bookings_pending,
          cancelled: row.bookings_cancelled,
          completed: row.bookings_completed,
        },
        feedback: {
          count: row.feedback_count,
          averageRating: row.average_rating === null ? null : Number(row.average_rating),
        },
      };
    },
  };
}
