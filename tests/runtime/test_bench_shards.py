"""The shard benchmark's harness, tiny: two real worker processes over one real PostgreSQL database.

No timing is asserted (the machine is shared); what is asserted is what the benchmark's figures
rest on: a SIGKILLed worker's shard is loaded whole by its replacement, every click it had
acknowledged is in the log, the other shard is refused its tables, and after a random run with
joins, leaves, timeouts and kills the audit balances, chips are conserved and every table loads.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.shards import Bench, parse


async def test_two_workers_kill_restore_and_a_short_random_run(pg_url: str, pg_server: str, tmp_path: Path) -> None:
    args = parse(["--quick", "--tables", "16", "--processes", "2", "--seconds", "2", "--rate", "60"])
    bench = Bench(args, pg_url, pg_server, tmp_path)
    try:
        await bench.setup()
        assert bench.out["tables"] == 16
        await bench.kill_phase()
        kill = bench.out["kill"]
        assert kill["loaded"] == kill["expected"] > 0
        assert kill["acked"] > 0 and kill["acked_lost"] == 0
        assert kill["service_refused"] is True and kill["lease_taken"] is False
        assert kill["clicks_after"] > 0 and kill["errors_after"] == 0 and kill["errors_others"] == 0
        await bench.long_run(5.0)
    finally:
        for proc in bench.procs.values():
            if proc.process.returncode is None:
                await proc.kill()
    long, final = bench.out["long"], bench.out["final"]
    assert long["kills"] >= 1 and len(bench.restores) == 1 + long["kills"]
    assert all(r["loaded"] == r["expected"] for r in bench.restores)
    assert long["errors"] == 0, long["first_error"]
    assert final["audit_ok"], final["problems"]
    assert final["conserved"] and final["wallets"] > 0
    assert final["loaded"] == final["open_tables"] and final["voided_on_load"] == 0
