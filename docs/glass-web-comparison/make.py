import numpy as np, zlib, struct, sys, os
os.chdir(sys.argv[1])
W,H=390,300
img=np.zeros((H,W,4),np.uint8); img[...,3]=255
img[...,:3]=(242,242,247)
# colored bands
cols=[(255,59,48),(0,122,255),(52,199,89),(255,204,0)]
for i,c in enumerate(cols):
    img[:, 60+i*70:60+i*70+35, :3]=c
# black dots 3px every 21 px (hard squares of 3x3 so both sides agree exactly)
for y in range(0,H,21):
    for x in range(0,W,21):
        img[max(0,y-1):y+2, max(0,x-1):x+2, :3]=0
def png(path, a):
    h,w,_=a.shape
    raw=b''.join(b'\x00'+a[y].tobytes() for y in range(h))
    def chunk(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d)&0xffffffff)
    open(path,'wb').write(b'\x89PNG\r\n\x1a\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',w,h,8,6,0,0,0))+chunk(b'IDAT',zlib.compress(raw))+chunk(b'IEND',b''))
png('backdrop.png', img)
img.tofile('backdrop.rgba')
open('page.html','w').write('''<!doctype html><html><head><style>
html,body{margin:0;padding:0;width:390px;height:300px;overflow:hidden}
body{background:url(backdrop.png) 0 0 no-repeat}
.glass{position:absolute;left:40px;top:50px;width:300px;height:180px;box-sizing:border-box;
 border-radius:24px;background:rgba(255,255,255,0.45);border:1px solid rgba(255,255,255,0.35);
 backdrop-filter:blur(20px) saturate(1.4);-webkit-backdrop-filter:blur(20px) saturate(1.4)}
.glass::before{content:"";position:absolute;inset:0;border-radius:inherit;
 background:linear-gradient(to bottom,rgba(255,255,255,0.25) 0%,rgba(255,255,255,0) 50%)}
</style></head><body><div class="glass"></div></body></html>''')
