import json
import sys

import numpy as np

sys.argv  # usage: headfit.py OUT.json train1.npy [train2.npy ...] -- test.npy ...
args = sys.argv[2:]; cut = args.index('--') if '--' in args else len(args)
tr = np.concatenate([np.load(f) for f in args[:cut]]); te = [np.load(f) for f in args[cut+1:]]
def X(a):
    l0, l1, p0, p1, h0, h1, c, gm, tm, pool = a[:, :10].T
    c = np.clip(c, 1e-4, 1-1e-4); lo0 = (h0 < 2)*1.0; lo1 = (h1 < 2)*1.0
    return np.column_stack([np.log(c/(1-c)), np.minimum(h0,4)-np.minimum(h1,4), lo0-lo1, (h0<=0)*1.0-(h1<=0)*1.0, 1-2*tm, l0*lo0-l1*lo1, l0-l1])
def fit(Z, y, l2=1e-4, it=50):
    w = np.zeros(Z.shape[1])
    for _ in range(it):
        p = 1/(1+np.exp(-Z@w)); g = Z.T@(p-y)/len(y) + l2*w; H = (Z.T*(p*(1-p)))@Z/len(y) + l2*np.eye(len(w))
        w -= np.linalg.solve(H, g)
    return w
def ll(p, y): p = np.clip(p, 1e-6, 1-1e-6); return -np.mean(y*np.log(p)+(1-y)*np.log(1-p))
def ece(p, y):
    b = np.minimum((p*10).astype(int), 9); return sum(abs(p[b==i].mean()-y[b==i].mean())*(b==i).mean() for i in range(10) if (b==i).any())
w = fit(X(tr), tr[:, -1])
print("weights", np.round(w, 4), "train n", len(tr))
for a in te:
    p = 1/(1+np.exp(-X(a)@w)); print(f"test n {len(a)}: baseline ll {ll(a[:,6], a[:,-1]):.4f} ece {ece(a[:,6], a[:,-1]):.3f} | head ll {ll(p, a[:,-1]):.4f} ece {ece(p, a[:,-1]):.3f}")
json.dump({"neeley/2": [float(v) for v in w]}, open(sys.argv[1], "w"))
