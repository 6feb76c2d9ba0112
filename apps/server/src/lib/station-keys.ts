/** The keys that place a station in its tenant tree: what every record about a station carries. */
export interface StationKeys {
  id: number;
  companyId: number;
  distributorId: number;
}
