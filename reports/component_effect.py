"""What does holding a component add? The estimand every component table states.

**Estimand**: the difference in win rate between seats holding X and seats not holding it,
among seats holding the same number of *other* components of X's family (so "with X versus
without X", not "X instead of another member"). Seat-games are stratified by that count:

- point estimate: the Mantel-Haenszel risk difference over the strata, in points;
- interval: Sato's (1989) variance of that difference (Sato, Greenland & Robins), which stays
  valid when the strata are sparse (many strata with few seat-games), unlike the Wald or
  Greenland-Robins (1985) variances, which shrink to zero when a small stratum's rates are 0 or 1;
- test: the Cochran-Mantel-Haenszel test of no association in any stratum (statsmodels
  `StratifiedTable.test_null_odds`), Benjamini-Hochberg over the table.

A component held in fewer than MIN_HELD seat-games of the strata that also hold seat-games
without it (or the reverse) is "too few to judge": no interval, no flag.

**Verdict**: holding any building, hero or god is usually worth something, so with-versus-without
effects are mostly positive and "too strong" must mean "stronger than its family". In a family
with at least FAMILY_MIN judged members the verdict compares X's effect with the family's median
effect (the typical member; a normal test of the difference, its standard error from a
parametric bootstrap, BH over the table; `family_contrast` says why not a weighted mean): too strong / too weak when significant and at least STRONG_POINTS points
apart. In smaller families (and for categories such as a civilization, already compared with all
others) the verdict tests the effect itself (the CMH test, BH): the same rule in both directions.

Seat-games of one game are not independent (one seat's win is another's loss), so these
intervals are approximate; `regression_effects` fits all indicators of a family at once with
standard errors clustered by game, as a check of the stratified figure. **A verdict stands only
where the check does not contradict it** (`regression_check`): the check is put in the verdict's
own terms (the coefficient, or its difference from the family's median coefficient) and a verdict
whose check lies significantly on the other side of zero becomes UNCLEAR. Magna Grecia's "took
over an oracle" was "too strong" (+20.8 with vs without, +7.2 above its family's median) while the
regression, which holds "holds an oracle" fixed, gave -2.4 [-3.7, -1.0]: taking an oracle over
wins because holding one does, and a designer cannot act on either figure alone.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import chi2
from statsmodels.stats.contingency_tables import StratifiedTable

from reports import stats

__all__ = ["MIN_HELD", "STRONG_POINTS", "FAMILY_MIN", "stratified_effect", "add_effects", "regression_effects",
           "causal_check", "ESTIMAND", "MAX_REGRESSION_ROWS", "effect_text", "family_text", "caption", "summary",
           "regression_check", "UNCLEAR", "OUTCOME", "ENDS_GAME", "check_text", "is_unjudged"]

MIN_HELD = 100          # seat-games with (and without) the component in informative strata
FAMILY_MIN = 3          # judged members a family needs for verdicts relative to the family
FAMILY_DRAWS = 4000     # parametric bootstrap draws for the family contrast's standard error
STRONG_POINTS = 1.0     # a flagged component moves the win rate by at least this many points
MAX_REGRESSION_ROWS = 400_000   # seat-games used by the clustered regression check
UNCLEAR = "unclear: the check disagrees"
OUTCOME = "an outcome of play"      # how the game went for a seat (reports/outcomes.py): described, not judged
ENDS_GAME = "ends the game when completed"      # GameSpec.extra["game_enders"]: judged by its causal check

ESTIMAND = ("effect of holding the component: win rate with minus without among seats holding the same number "
            "of other components of its family (Mantel-Haenszel risk difference, Sato 95% interval valid for "
            "sparse strata; p: Cochran-Mantel-Haenszel test)")


def stratified_effect(strata, alpha: float = 0.05) -> dict:
    """Strata rows (n_with, wins_with, n_without, wins_without), one column per stratum.

    Returns {effect, low, high, p, n_with, n_without} (effect in proportions; n_* are the
    seat-games of the informative strata, those with seat-games both with and without).
    Wins may be fractional (ties split): the 2x2 tables then hold fractional counts."""
    n1, k1, n0, k0 = (np.asarray(x, float) for x in strata)
    ok = (n1 > 0) & (n0 > 0)
    out = {"effect": np.nan, "low": np.nan, "high": np.nan, "p": np.nan,
           "n_with": float(n1[ok].sum()), "n_without": float(n0[ok].sum())}
    if not ok.any():
        return out
    n1, k1, n0, k0 = n1[ok], k1[ok], n0[ok], k0[ok]
    a, c = k1, k0                       # wins with, wins without
    N = n1 + n0
    w = n1 * n0 / N
    rd = float(np.sum((a * n0 - c * n1) / N) / w.sum())
    # Sato (1989) variance of the Mantel-Haenszel risk difference
    P = np.sum((n1 ** 2 * c - n0 ** 2 * a + n1 * n0 * (n0 - n1) / 2.0) / N ** 2)
    Q = np.sum((a * (n0 - c) + c * (n1 - a)) / (2.0 * N))
    var = float((rd * P + Q) / w.sum() ** 2)
    se = np.sqrt(max(var, 0.0))
    z = stats.z_value(alpha)
    out.update(effect=rd, low=rd - z * se, high=rd + z * se)
    tables = np.stack([np.stack([a, n1 - a]), np.stack([c, n0 - c])])      # 2 x 2 x K
    tables = np.clip(tables, 0.0, None)
    margins_ok = (tables.sum(axis=1) > 0).all(axis=0) & (tables.sum(axis=0) > 0).all(axis=0)
    if margins_ok.any():
        with np.errstate(invalid="ignore", divide="ignore"):
            res = StratifiedTable(tables[:, :, margins_ok]).test_null_odds(correction=False)
        # the CMH statistic's tail from chi2.sf: statsmodels' pvalue is 1 - cdf, which rounds to 0
        # below about 1e-16 (Troja's 'Lost' printed p < 1e-300 for a statistic of 79.3, p = 5e-19)
        out["p"] = float(chi2.sf(res.statistic, 1)) if np.isfinite(res.statistic) else 1.0
    else:   # every informative stratum has all wins or no wins: no evidence of association
        out["p"] = 1.0
    return out


def add_effects(out: pd.DataFrame, strata, alpha: float = 0.05, min_held: int = MIN_HELD,
                family: str | None = None) -> pd.DataFrame:
    """Add the estimand's columns to a component table (one strata array per row, or None:
    one stratum, i.e. the raw with/without counts): adj_points/adj_low/adj_high (points),
    adj_p (CMH), adj_p_bh (BH over the judged rows), n_informative_with/_without, enough
    (both at least `min_held`), vs_family_points/_low/_high/_p (the effect minus the median
    effect of the family's judged members, family_contrast; nan in families under FAMILY_MIN),
    basis ("family" or "effect"), flag ("strong", "weak" or "") and verdict ("too strong",
    "too weak", "too few to judge", "no effect shown"). `family`: the column naming each row's
    family (None: one family)."""
    from scipy.stats import norm
    out = out.copy()
    if strata is None:
        strata = [np.array([[r.seat_games], [r.wins_with], [r.seat_games_without], [r.wins_without]], float)
                  for r in out.itertuples()]
    res = [stratified_effect(s, alpha) for s in strata] if len(out) else []
    get = lambda key: np.array([r[key] for r in res], float)  # noqa: E731
    out["n_informative_with"] = get("n_with") if res else []
    out["n_informative_without"] = get("n_without") if res else []
    enough = (out["n_informative_with"] >= min_held) & (out["n_informative_without"] >= min_held)
    out["enough"] = enough.to_numpy(bool) if len(out) else []
    for col, key, scale in (("adj_points", "effect", 100), ("adj_low", "low", 100), ("adj_high", "high", 100),
                            ("adj_p", "p", 1)):
        v = scale * get(key) if res else np.array([])
        out[col] = np.where(out["enough"], v, np.nan) if len(out) else v
    out["adj_p_bh"] = _bh(out["adj_p"].to_numpy(float))
    # relative to the family: effect minus the median effect of its judged members
    z = stats.z_value(alpha)
    eff = out["adj_points"].to_numpy(float)
    se = (out["adj_high"].to_numpy(float) - out["adj_low"].to_numpy(float)) / (2 * z)
    fam = out[family].astype(str).to_numpy() if family and family in out else np.full(len(out), "")
    kind = out["kind"].astype(str).to_numpy() if "kind" in out else np.full(len(out), "flag")
    vs, vs_se = np.full(len(out), np.nan), np.full(len(out), np.nan)
    for f in np.unique(fam) if len(out) else []:
        members = np.where((fam == f) & np.isfinite(eff) & (se > 0) & (kind != "category"))[0]
        if len(members) < FAMILY_MIN:
            continue
        vs[members], vs_se[members] = family_contrast(eff[members], se[members])
    with np.errstate(invalid="ignore", divide="ignore"):
        vs_p = 2 * norm.sf(np.abs(vs) / vs_se)
    out["vs_family_points"], out["vs_family_low"], out["vs_family_high"] = vs, vs - z * vs_se, vs + z * vs_se
    out["vs_family_p"] = vs_p
    relative = np.isfinite(vs)
    # one BH family over the table: each row's test is its family contrast, or its effect
    p_used = np.where(relative, vs_p, out["adj_p"].to_numpy(float))
    q = _bh(p_used)
    out["verdict_p_bh"] = q
    out["basis"] = np.where(relative, "family", "effect")
    size = np.where(relative, vs, eff)
    lo = np.where(relative, out["vs_family_low"], out["adj_low"]).astype(float)
    hi = np.where(relative, out["vs_family_high"], out["adj_high"]).astype(float)
    sig = np.isfinite(q) & (q < alpha)
    strong = sig & (size >= STRONG_POINTS) & (lo > 0)
    weak = sig & (size <= -STRONG_POINTS) & (hi < 0)
    out["flag"] = np.where(strong, "strong", np.where(weak, "weak", ""))
    out["verdict"] = np.where(strong, "too strong", np.where(weak, "too weak", np.where(
        out["enough"].to_numpy(bool), "no effect shown", "too few to judge")))
    return out


def family_contrast(eff: np.ndarray, se: np.ndarray, draws: int = FAMILY_DRAWS, seed: int = 0):
    """Each member's effect minus the family's **median** effect (the typical member, all judged
    members counted), and the standard error of that difference from a parametric bootstrap
    (every effect drawn from N(effect, se^2), `draws` times, numpy seed `seed`, so a table always
    gives the same figures; the member's own draw enters its reference, as it does the median).

    Why the median: the precision-weighted mean of the other members, used before, let one member
    with a tiny standard error set everyone's reference. Glory to Rome's Catacomb wins 97% of the
    games it is held in, so its interval is the narrowest of the 40 buildings; the others were
    compared with about +13 points, twice the typical building's +6 to +8, and 25 of 40 came out
    "too weak", Atrium (+10, above most) among them. One outlier does not move the median, and in
    a family of three the middle member is the reference, not the mean of a strong and a weak one."""
    eff, se = np.asarray(eff, float), np.asarray(se, float)
    sample = eff + se * np.random.default_rng(seed).standard_normal((draws, len(eff)))
    vs = eff - float(np.median(eff))
    vs_se = np.std(sample - np.median(sample, axis=1, keepdims=True), axis=0, ddof=1)
    return vs, vs_se


def regression_check(out: pd.DataFrame, alpha: float = 0.05, family: str = "family") -> pd.DataFrame:
    """Put the regression check (reg_points/reg_low/reg_high, points) in each verdict's terms and
    withdraw the verdicts it contradicts. Adds check_points/check_low/check_high (the coefficient
    where the verdict judged the effect; the coefficient minus the family's median coefficient,
    family_contrast, where it judged the family contrast) and check: "agrees", "disagrees" or ""
    (no check: no regression, or too few members with one). A flagged row whose check interval
    lies wholly on the other side of zero gets flag "" and verdict UNCLEAR."""
    out = out.copy()
    z = stats.z_value(alpha)
    n = len(out)
    reg = out["reg_points"].to_numpy(float) if "reg_points" in out else np.full(n, np.nan)
    se = ((out["reg_high"].to_numpy(float) - out["reg_low"].to_numpy(float)) / (2 * z)) if "reg_high" in out \
        else np.full(n, np.nan)
    basis = out["basis"].astype(str).to_numpy() if "basis" in out else np.full(n, "effect")
    fam = out[family].astype(str).to_numpy() if family in out else np.full(n, "")
    val, val_se = np.where(basis == "effect", reg, np.nan), np.where(basis == "effect", se, np.nan)
    on_family = (basis == "family") & np.isfinite(reg) & (se > 0)
    for f in np.unique(fam[on_family]) if n else []:
        members = np.where(on_family & (fam == f))[0]
        if len(members) >= FAMILY_MIN:
            val[members], val_se[members] = family_contrast(reg[members], se[members])
    lo, hi = val - z * val_se, val + z * val_se
    out["check_points"], out["check_low"], out["check_high"] = val, lo, hi
    flag = out["flag"].astype(str).to_numpy() if "flag" in out else np.full(n, "")
    has = np.isfinite(val) & np.isfinite(val_se)
    against = ((flag == "strong") & (hi < 0)) | ((flag == "weak") & (lo > 0))
    out["check"] = np.where(has & (flag != ""), np.where(against, "disagrees", "agrees"), "")
    if against.any():
        out.loc[against, "flag"] = ""
        out.loc[against, "verdict"] = UNCLEAR
    return out


def is_unjudged(verdict) -> bool:
    """A verdict that says why a component is not compared (reports/component_study.unjudged)."""
    return str(verdict).startswith(("same as ", "every holder won", "no holder won", "no seat without it won",
                                    "every seat without it won", OUTCOME, ENDS_GAME))


def check_text(r) -> str:
    """The check in the verdict's terms: '-4.0 [-5.6, -2.4] vs its family's median coefficient'."""
    v = getattr(r, "check_points", np.nan)
    if v is None or not np.isfinite(v):
        return "-"
    rel = " vs its family's median coefficient" if getattr(r, "basis", "effect") == "family" else ""
    return f"{v:+.1f} [{r.check_low:+.1f}, {r.check_high:+.1f}]{rel}"


def _bh(p: np.ndarray) -> np.ndarray:
    out = np.full(len(p), np.nan)
    fin = np.isfinite(p)
    if fin.any():
        out[fin] = stats.benjamini_hochberg(p[fin])
    return out


def regression_effects(frames, families: dict, alpha: float = 0.05, max_rows: int = MAX_REGRESSION_ROWS) -> dict:
    """Linear probability model of a seat's win share on every indicator of its family (and the
    seat), standard errors clustered by game (statsmodels OLS, cov_type="cluster").

    frames: iterable of DataFrames with columns `game` (cluster id), `seat`, `win` and the
    indicators; families: {family: [indicator columns]}. Uses the first `max_rows` seat-games.
    Returns {indicator: (effect, low, high, p)} in proportions; {} when nothing can be fitted."""
    import statsmodels.api as sm
    parts, rows = [], 0
    for df in frames:
        if rows >= max_rows:
            break
        take = df.iloc[: max_rows - rows]
        parts.append(take)
        rows += len(take)
    if not parts:
        return {}
    data = pd.concat(parts, ignore_index=True)
    out = {}
    if data["game"].nunique() < 2:      # clustered errors need two games (statsmodels divides by G - 1)
        return out
    for fam, cols in families.items():
        cols = [c for c in cols if c in data and data[c].nunique() > 1]
        if not cols:
            continue
        X = data[cols].astype(float)
        seats = pd.get_dummies(data["seat"], prefix="seat", drop_first=True, dtype=float)
        X = sm.add_constant(pd.concat([X, seats], axis=1), has_constant="add")
        if len(X) <= X.shape[1]:         # no residual left to estimate an error from
            continue
        A = X.to_numpy()
        if np.linalg.matrix_rank(A.T @ A) < X.shape[1]:     # the Gram matrix: 20x cheaper than X's SVD
            # indicators that add up to a constant (every seat holds one of them): the coefficients are
            # not determined, and a pseudo-inverse would print one arbitrary solution as the check
            continue
        try:
            with np.errstate(invalid="ignore"):     # a tiny run's cluster covariance can be negative on its diagonal
                fit = sm.OLS(data["win"].astype(float), X).fit(cov_type="cluster",
                                                               cov_kwds={"groups": data["game"].to_numpy()})
                ci = fit.conf_int(alpha)
                pv = fit.pvalues
        except (np.linalg.LinAlgError, ValueError):
            continue
        for c in cols:
            if np.isfinite(ci.loc[c, 0]) and np.isfinite(ci.loc[c, 1]):     # no interval, no check
                out[c] = (float(fit.params[c]), float(ci.loc[c, 0]), float(ci.loc[c, 1]), float(pv[c]))
    return out


def check_switch(spec, label: str, metric: str) -> str | None:
    """The measuring switch (`power_<name>`) that turns a component's power off, or None: a component column's
    own name (`god_hermes` -> `power_hermes`), a category's value (`first_god = hermes` -> `power_hermes`), or the
    switch a count's component names (Troja's ship benefits)."""
    from reports.components import named_switch, parse_sections
    params = getattr(spec, "params", None)
    prefixes = [pre for _, pre in parse_sections(getattr(spec, "extra", None))["components"]]
    own = next((metric[len(pre):] for pre in prefixes if metric.startswith(pre) and metric != pre), None)
    if own is None and " = " in label:
        own = label.split(" = ", 1)[1].strip().lower().replace(" ", "_")
    named = named_switch(spec, metric)
    if named is not None and named.startswith("power_"):    # a count's component names its switch (Troja)
        own = named[len("power_"):]
    if params is None or not own:
        return None
    try:
        params.get("power_" + own)
    except Exception:
        return None
    return "power_" + own


def causal_check(spec, label: str, metric: str, game: str = "", players: int | None = None,
                 strategies: str = "greedy") -> str:
    """The command that tests a flagged component causally, if the game has one; else says so.

    A component whose power a rule switch turns off (`power_<name>`: every Glory to Rome building,
    `built_<name>`; every Mare Nostrum god, `god_<name>`, and the first god taken, `first_god =
    <name>`, every hero, wonder but the Pyramids and creature, `hero_<name>`, `wonder_<name>`,
    `creature_<name>`) is checked by `agon compare` of a run with and without the power on the same
    seeds."""
    name = getattr(spec, "name", game)
    p = f" --players {players}" if players else ""
    pname = check_switch(spec, label, metric)
    if pname:
        base = f"agon seats {name}{p} --strategies {strategies} --games 8000"
        return (f"causal check: `{base} --out runs/base` and `{base} --set {pname}=false --out runs/no-{pname[6:]}`"
                f", then `agon compare runs/base runs/no-{pname[6:]}` (same seeds: paired)")
    from experiments.restrict import ban_for
    ban = None if " = " in label else ban_for(spec, metric)
    # a category: Mare Nostrum's "first_god = ishtar" would be answered by the ban `gods`, which removes every
    # god, not the choice of Ishtar first
    if ban is not None:
        return (f"causal check: `agon restrict {name}{p} --strategies {strategies} --ban {ban}` (a player who may not "
                "use it)")
    return "no causal check exists in Agon for this component (no rule switch or ban removes it): treat as an association"


def dealt_at_random(spec, metric: str, params: dict | None = None) -> bool:
    """Whether a categorical seat metric is dealt at random at setup under the run's parameters
    (GameSpec.extra["dealt_categories"]): then with vs without is a randomised comparison, the
    effect of being dealt the category for these players, not only an association. Magna Grecia's
    colour (from the first round tile's turn order), Mare Nostrum's civ (`civ_assignment=random`) and
    Troja's allegiance are; their verdicts said "treat as an association"."""
    from reports.components import parse_sections
    cond = parse_sections(getattr(spec, "extra", None))["dealt_categories"].get(metric)
    if cond is None:
        return False
    params = params or {}
    for name, want in cond.items():
        have = params.get(name)
        if have is None:
            try:
                have = spec.params.get(name).default
            except Exception:
                return False
        if str(have).lower() != str(want).lower():
            return False
    return True


DEALT = ("dealt at random at setup, so this is a randomised comparison: the effect of being dealt it rather than "
         "another, for these players")


# ---------------------------------------------------------------- how every report writes it

def family_text(r) -> str:
    """'+4.0 [+1.1, +6.9]' (effect minus the family's median effect), the median member itself, or '-'."""
    v = getattr(r, "vs_family_points", np.nan)
    if v is None or not np.isfinite(v):
        return "-"
    if r.vs_family_high - r.vs_family_low < 1e-9:   # in every bootstrap draw this member was the median
        return "0: the family's median member"
    return f"{v:+.1f} [{r.vs_family_low:+.1f}, {r.vs_family_high:+.1f}]"


def effect_text(r) -> str:
    """'+3.1 [+1.2, +5.0]', 'too few to judge (10 with, 900 without, comparable)' or why it is not judged. The
    counts are the seat-games the stratified effect can compare (with and without at the same number of other
    components), not all of them: Magna Grecia's "sold a market" read "(0 with, 0 without)" beside a without-rate
    of 16,000 seat-games."""
    why = getattr(r, "unjudged", "")
    if isinstance(why, str) and why:
        return why
    if not getattr(r, "enough", True) or not np.isfinite(r.adj_points):
        return (f"too few to judge ({int(round(r.n_informative_with)):,} with, {int(round(r.n_informative_without)):,} "
                "without at a comparable count of other components)")
    return f"{r.adj_points:+.1f} [{r.adj_low:+.1f}, {r.adj_high:+.1f}]"


def regression_text(r) -> str:
    v = getattr(r, "reg_points", np.nan)
    if v is None or not np.isfinite(v):
        return "-"
    return f"{v:+.1f} [{r.reg_low:+.1f}, {r.reg_high:+.1f}]"


def caption(n_seat_games: int, title: str = "components", regression_rows: int | None = None) -> str:
    """What the component table's columns are; the estimand stated once."""
    cap = (f"{integer_text(n_seat_games)} seat-games. Win rates count a tie among j leaders as 1/j (95% Wilson). "
           "Raw lift: with minus without, all seat-games (Newcombe interval). **Effect** (the estimand): win rate "
           f"with minus without among seats holding the same number of other {title.lower()} of the family "
           "(Mantel-Haenszel risk difference over that count, Sato 95% interval, valid for sparse strata); p: "
           "Cochran-Mantel-Haenszel test, Benjamini-Hochberg (BH) over the table. "
           f"A component with fewer than {MIN_HELD} seat-games with it (or without it) in the strata that hold "
           f"both is too few to judge. Vs family: the effect minus the family's median effect, its "
           f"typical member (families of at least {FAMILY_MIN} judged members; the median, so one outlier does not set "
           f"the others' reference; interval from a parametric bootstrap of the effects). Verdict: too strong / too weak when that "
           f"difference (or, in smaller families and for categories, the effect itself) is significant (BH 5%), its "
           f"interval excludes 0 and it is at least {STRONG_POINTS:g} point; holding a component is usually worth "
           "something, so the verdict asks whether it is worth more or less than its family's typical member. ")
    if regression_rows:
        cap += (f"Regression: linear probability model on every indicator of the family (and the seat), standard "
                f"errors clustered by game, on {integer_text(regression_rows)} seat-games: a check of the effect. A "
                "verdict stands only where the check, in the verdict's terms (the coefficient, or the coefficient minus "
                f"the family's median coefficient), does not lie significantly on the other side of zero; else "
                f"it is {UNCLEAR.split(':')[0]}. ")
    cap += "An effect is an association, not a cause; seat-games of one game are not independent."
    return cap


def integer_text(n) -> str:
    return f"{int(n):,}"


def verdict_size(r) -> float:
    """The figure a row's verdict judges: its family contrast, or its effect (nan: not judged)."""
    v = getattr(r, "vs_family_points", np.nan) if getattr(r, "basis", "effect") == "family" else r.adj_points
    return float(v) if v is not None and np.isfinite(v) else np.nan


def verdict_text(r) -> str:
    """The verdict's own figure, named: '-13.6 [-15.1, -12.1] vs its family's median (effect +6.3
    [+4.9, +7.7])' where the family contrast decides, else the effect. A summary that printed
    the effect of a row judged on its family put 'weakest: X +6.3' beside a verdict of -13.6."""
    if getattr(r, "basis", "effect") == "family":
        return f"{family_text(r)} vs its family's median (effect {effect_text(r)})"
    return effect_text(r)


def summary(tab: pd.DataFrame, title: str = "Components") -> str:
    """'Buildings: 3 of 40 too strong (X +4.1 [...], ...), 1 too weak (...), 2 too few to judge.',
    each flagged component by the figure its verdict judged (verdict_text), strongest first."""
    strong, weak = tab[tab["flag"] == "strong"], tab[tab["flag"] == "weak"]
    why = tab["unjudged"].fillna("").astype(str) if "unjudged" in tab else pd.Series("", index=tab.index)
    same = why != ""
    few = tab[~tab["enough"].astype(bool) & ~same] if "enough" in tab else tab.iloc[:0]
    lab = "label" if "label" in tab else "component"
    unclear = tab[tab["verdict"] == UNCLEAR] if "verdict" in tab else tab.iloc[:0]
    txt = f"**{title}**: {len(strong)} of {len(tab)} too strong, {len(weak)} too weak"
    if len(unclear):
        txt += f", {len(unclear)} unclear (the regression check disagrees: {', '.join(unclear[lab])})"
    if len(few):
        txt += f", {len(few)} too few to judge (fewer than {MIN_HELD} seat-games with or without)"
    for start, said in (("held exactly", "held exactly when a category is (judged as that category)"),
                        ("every holder", "held only by winners (a way to win, not judged)"),
                        ("no holder", "held only by losers (not judged)"),
                        ("no seat without", "held by every winner (a condition of winning, not judged)"),
                        ("every seat without", "held by no winner (not judged)"),
                        (OUTCOME, "outcomes of play (described, not judged)"),
                        (ENDS_GAME, "ends the game when completed (not judged: see its causal check)")):
        k = int(why.str.startswith(start).sum())
        if k:
            txt += f", {k} {said}"

    def ranked(t, sign):
        size = np.array([verdict_size(r) for r in t.itertuples()], float)
        return t.iloc[np.argsort(-sign * size, kind="stable")[:3]].itertuples()

    parts = []
    if len(strong):
        parts.append("strongest " + ", ".join(f"{getattr(r, lab)} {verdict_text(r)}" for r in ranked(strong, 1)))
    if len(weak):
        parts.append("weakest " + ", ".join(f"{getattr(r, lab)} {verdict_text(r)}" for r in ranked(weak, -1)))
    if not parts:
        judged = tab[np.isfinite(tab["adj_points"])]
        if len(judged):
            r = judged.iloc[int(np.argmax(np.abs(judged["adj_points"].to_numpy())))]
            parts.append(f"largest effect {getattr(r, lab)} {effect_text(r)} (BH p = {r.adj_p_bh:.2g})")
    return txt + (": " + "; ".join(parts) if parts else "") + " (points of win rate; effect: with vs without at " \
        "the same number of other components; associations, not causes)."
