import { useEffect } from 'react';
import { choosePriceFile, clearPrices, restorePrices } from '../../app/prices';
import { useApp } from '../../store/store';

/** The price table the fleet's costs come from: chosen as a JSON file, named wherever a cost is shown, cleared here. */
export function FleetPrices() {
  const prices = useApp((s) => s.prices);
  const error = useApp((s) => s.pricesError);
  useEffect(() => { restorePrices(); }, []);
  return (
    <div className="fleet-prices" role="group" aria-label="Prices">
      {prices
        ? <><span className="label">Costs from price table “{prices.name}”{prices.currency ? ` (${prices.currency})` : ''}</span> <button type="button" onClick={clearPrices}>Clear prices</button></>
        : <span className="label">No costs: Seqscope has no prices of its own.</span>}
      <label className="label">Price table <input type="file" accept=".json,application/json" aria-label="Price table (JSON)" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void choosePriceFile(f); }} /></label>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
