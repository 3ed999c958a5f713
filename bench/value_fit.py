"""The leaf values' fit, shared by the per-game value-fit scripts (bench/<game>_value_fit.py): a
conditional logit of who wins among the seats of a sample on per-seat features.

scipy's L-BFGS on the exact likelihood and gradient, not statsmodels' ConditionalLogit, which loops
over the groups (one per sample: 10^5 and more) in Python."""
from __future__ import annotations

import numpy as np


def win_shares(y, seats: int | None = None) -> np.ndarray:
    """y as a (samples, seats) matrix of win shares: a vector of winner indices becomes one-hot rows."""
    y = np.asarray(y)
    if y.ndim == 2:
        return y.astype(np.float64)
    out = np.zeros((len(y), seats if seats is not None else int(y.max()) + 1))
    out[np.arange(len(y)), y] = 1.0
    return out


def fit_logit(X, y, lam=1e-3):
    """Conditional logit of the win shares y (or winner indices) among X[i, :, :] (samples, seats,
    columns), L2 `lam` on standardised columns: the coefficients in the columns' own units and the
    optimiser's result."""
    from scipy.optimize import minimize
    Y = win_shares(y, X.shape[1])
    flat = X.reshape(-1, X.shape[2])
    mu = flat.mean(0)
    sd = flat.std(0)
    sd[sd < 1e-9] = 1.0
    Z = (X - mu) / sd

    def nll(b):
        u = Z @ b
        u = u - u.max(1, keepdims=True)
        lse = np.log(np.exp(u).sum(1))
        p = np.exp(u - lse[:, None])
        val = (Y * (lse[:, None] - u)).sum(1).mean() + lam * (b @ b)
        grad = np.einsum("iq,iqk->k", p * Y.sum(1, keepdims=True) - Y, Z) / len(Y) + 2 * lam * b
        return val, grad

    r = minimize(nll, np.zeros(Z.shape[2]), jac=True, method="L-BFGS-B")
    return r.x / sd, r


def log_loss(X, y, coef) -> float:
    """Mean log-loss of the fitted coefficients on the win shares y (or winner indices)."""
    Y = win_shares(y, X.shape[1])
    u = X @ coef
    u = u - u.max(1, keepdims=True)
    lse = np.log(np.exp(u).sum(1))
    return float((Y * (lse[:, None] - u)).sum(1).mean())
