import numpy as np, zlib, struct, sys
def readpng(path):
    d=open(path,'rb').read(); p=8; idat=b''
    while p<len(d):
        n=struct.unpack('>I',d[p:p+4])[0]; t=d[p+4:p+8]; c=d[p+8:p+8+n]; p+=12+n
        if t==b'IHDR': w,h,bd,ct=struct.unpack('>IIBB',c[:10])
        elif t==b'IDAT': idat+=c
    ch={2:3,6:4}[ct]; raw=zlib.decompress(idat); stride=w*ch
    out=np.zeros((h,stride),np.int32); prev=np.zeros(stride,np.int32); i=0
    for y in range(h):
        f=raw[i]; line=np.frombuffer(raw[i+1:i+1+stride],np.uint8).astype(np.int32); i+=1+stride
        cur=np.zeros(stride,np.int32)
        for x in range(stride):
            a=cur[x-ch] if x>=ch else 0; b=prev[x]; c=prev[x-ch] if x>=ch else 0
            if f==0: v=line[x]
            elif f==1: v=line[x]+a
            elif f==2: v=line[x]+b
            elif f==3: v=line[x]+(a+b)//2
            else:
                pp=a+b-c; pa,pb,pc=abs(pp-a),abs(pp-b),abs(pp-c)
                v=line[x]+(a if pa<=pb and pa<=pc else (b if pb<=pc else c))
            cur[x]=v&255
        out[y]=cur; prev=cur
    return out.reshape(h,w,ch)[...,:3]
shot=readpng(sys.argv[1] + '/shot.png').astype(float)
ours=np.fromfile(sys.argv[1] + '/forkrender.rgba',np.uint8).reshape(300,390,4)[...,:3].astype(float)
d=np.abs(shot-ours)
inner=d[60:220,50:330]; panel=d[50:230,40:340]
print('whole frame: mean %.2f max %d levels'%(d.mean(), d.max()))
print('panel box:   mean %.2f max %d; 99th pct %.1f'%(panel.mean(), panel.max(), np.percentile(panel,99)))
print('panel inner (10 px in): mean %.2f max %d'%(inner.mean(), inner.max()))
print('outside panel max', max(d[:50].max(), d[230:].max()))
y,x=np.unravel_index(np.argmax(d.max(axis=2)),d.shape[:2]); print('worst at',x,y,'shot',shot[y,x],'ours',ours[y,x])
for (x,y) in [(100,140),(200,140),(300,140),(190,60),(41,140),(45,140)]:
    print((x,y),'shot',shot[y,x],'ours',ours[y,x])
m=d.max(axis=2)
print('pixels > 4 levels:', int((m>4).sum()), 'of', m.size, '; > 2 levels:', int((m>2).sum()))
ys,xs=np.nonzero(m>4); print('their x range',xs.min(),xs.max(),'y range',ys.min(),ys.max())
