"""The flow figures recomputed from whole sequences (numpy, no accumulator): what the online figures
of sim/flow.py must equal. Written from the definitions in docs/FLOW.md, not from the compiled code."""
from __future__ import annotations

import math

import numpy as np

GRID = 10


def sole_leader(row) -> int:
    """The seat with the highest key, -1 when the highest key is shared."""
    top = np.flatnonzero(row == row.max())
    return int(top[0]) if len(top) == 1 else -1


def reference(keys, points, win, legal_counts) -> dict:
    """keys, points: (turns, seats) standings after each turn; win: final win shares; legal_counts:
    legal actions at each decision. Returns the flow columns by name (seat columns as arrays)."""
    keys, points, win = np.asarray(keys, float), np.asarray(points, float), np.asarray(win, float)
    t, p = keys.shape
    leaders = [sole_leader(keys[i]) for i in range(t)]
    sole = [x for x in leaders if x >= 0]
    changes = sum(1 for a, b in zip(sole, sole[1:]) if a != b)
    behind = keys < keys.max(axis=1, keepdims=True)                 # (t, p)
    deficit = points.max(axis=1, keepdims=True) - points            # (t, p)
    out = {"flow_turns": t, "flow_lead_changes": changes,
           "flow_lead_change_rate": changes / (t - 1) if t > 1 else 0.0}
    winners = np.flatnonzero(win == 1.0)
    if len(winners):
        w = int(winners[0])
        nb = int(behind[:, w].sum())
        off = [i + 1 for i in range(t) if leaders[i] != w]
        last_off = max(off) if off else 0
        out.update(flow_winner_turns_behind=nb, flow_winner_max_deficit=max(0.0, deficit[:, w].max()),
                   flow_drama=deficit[behind[:, w], w].mean() if nb else 0.0,
                   flow_winner_leads_from=last_off + 1, flow_decided_at=last_off / t)
    else:
        for c in ("flow_winner_turns_behind", "flow_winner_max_deficit", "flow_drama", "flow_winner_leads_from",
                  "flow_decided_at"):
            out[c] = math.nan
    final = np.sort(points[-1])[::-1]
    out["flow_margin"] = final[0] - final[1] if p > 1 else 0.0

    def won_if_led(fraction):
        who = leaders[math.ceil(fraction * t - 1e-9) - 1]
        return float(win[who]) if who >= 0 else math.nan
    out["flow_leader_third_won"] = won_if_led(1 / 3)
    out["flow_leader_half_won"] = won_if_led(1 / 2)
    for k in range(1, GRID + 1):
        out[f"flow_lead_won_at_{100 * k // GRID}pct"] = won_if_led(k / GRID)
    m = np.asarray(legal_counts, float)
    out.update(flow_branching=m.mean(), flow_branching_max=m.max(), flow_decision_share=(m > 1).mean(),
               flow_decisions=len(m))
    out["flow_turns_behind"] = behind.sum(axis=0)
    out["flow_turns_led"] = np.array([sum(1 for x in leaders if x == q) for q in range(p)])
    out["flow_max_deficit"] = np.maximum(deficit.max(axis=0), 0.0)
    return out
